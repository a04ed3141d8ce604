printf 'hello world\n' | cut -c 1-5
