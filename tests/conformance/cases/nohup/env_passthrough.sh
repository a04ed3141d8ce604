X=5 nohup sh -c 'echo $X' | cat
