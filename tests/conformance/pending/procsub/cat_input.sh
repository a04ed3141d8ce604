cat <(echo hello)
