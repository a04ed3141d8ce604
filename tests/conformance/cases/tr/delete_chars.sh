echo 'hello world' | tr -d lo
