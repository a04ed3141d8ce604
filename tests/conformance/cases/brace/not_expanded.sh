echo {a} {} a{,}b {a..}
