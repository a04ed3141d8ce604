printf 'hello world\n' | base64; echo "status $?"
