echo 'Hello, World' | tr '[:lower:]' '[:upper:]'
