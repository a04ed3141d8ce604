printf 'a    b  c.  D e\n' | fmt -u
