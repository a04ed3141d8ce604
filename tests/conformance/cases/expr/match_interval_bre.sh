expr aaa : 'a\{2\}'; expr 'a+b' : 'a+b'
