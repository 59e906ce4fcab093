/**
 * Test helper: a self-signed certificate for 127.0.0.1 and localhost (P-256, valid until 2126),
 * made for these tests with
 *   openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 36500 \
 *     -subj "/CN=127.0.0.1" -addext "subjectAltName=IP:127.0.0.1,DNS:localhost"
 * No one trusts it, which is the point: the client must refuse a server that shows it. The key
 * protects nothing.
 */
export const SELF_SIGNED_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgNuqGKpevRuntNP9v
RcSeFZkKAxZvX6ROKB+bC2vcs22hRANCAARyOiSZshEH0T/4EWkcI7jX+E2tsL+k
91BDGbfiosW5gjrUDNXqLKm4veVOGaG5vHTtZHiQytu/0zQSgj3MeXFt
-----END PRIVATE KEY-----
`;

export const SELF_SIGNED_CERT = `-----BEGIN CERTIFICATE-----
MIIBmjCCAUGgAwIBAgIUdCP927NhYzoDOPis6/AvJ2MO4tEwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyMzE3NDE0OVoYDzIxMjYxMDMw
MTc0MTQ5WjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAARyOiSZshEH0T/4EWkcI7jX+E2tsL+k91BDGbfiosW5gjrUDNXqLKm4
veVOGaG5vHTtZHiQytu/0zQSgj3MeXFto28wbTAdBgNVHQ4EFgQUmWHcNczmFoAs
EZ9/HuzKm8STu5MwHwYDVR0jBBgwFoAUmWHcNczmFoAsEZ9/HuzKm8STu5MwDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARhwR/AAABgglsb2NhbGhvc3QwCgYIKoZI
zj0EAwIDRwAwRAIgIr6Bu4bbfa4Uc350F4qvdW9jgu4s/0OdgY8flKIMTv0CIDQR
707NUp4+xpfp1+DQxR2o4SS5fEYGk+pmvVNdAKbG
-----END CERTIFICATE-----
`;
