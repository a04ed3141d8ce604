printf 'abc' | tr a-c A-C; echo "|"
