printf 'l1\nl2\nl3\n' | shuf | sort
