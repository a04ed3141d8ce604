expr abc \< abd; expr 10 \< 9a; expr b = b
