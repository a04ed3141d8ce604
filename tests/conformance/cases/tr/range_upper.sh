echo 'Hello, World' | tr a-z A-Z
