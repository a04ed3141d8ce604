printf 'a\nb\nc\n' > f
shuf f | sort
