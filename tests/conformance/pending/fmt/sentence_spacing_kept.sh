printf 'End here.  Next one.\n' | fmt -w 40
