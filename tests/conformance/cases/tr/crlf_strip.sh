printf 'line1\r\nline2\r\n' | tr -d '\r'
