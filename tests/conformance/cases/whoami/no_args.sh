whoami | grep -c '^[a-z_][a-z0-9_-]*$'
