echo 'MiXeD 123' | tr '[:upper:]' '[:lower:]'
