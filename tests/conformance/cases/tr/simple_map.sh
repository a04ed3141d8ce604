echo hello | tr el ip
