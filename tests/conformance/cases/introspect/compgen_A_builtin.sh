compgen -A builtin ec
compgen -b unal
