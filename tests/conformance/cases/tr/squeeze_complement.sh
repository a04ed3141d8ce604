echo 'a...b,,,c' | tr -cs '[:alpha:]' '\n'
