compgen -k whi
compgen -A keyword fu
