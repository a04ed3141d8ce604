ionice -c 2 env X=2 sh -c 'echo $X'
