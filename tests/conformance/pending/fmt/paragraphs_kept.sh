printf 'a b\nc\n\nd e\nf\n' | fmt -w 20
