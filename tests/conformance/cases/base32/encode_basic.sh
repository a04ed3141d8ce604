printf 'hello world\n' | base32; echo "status $?"
