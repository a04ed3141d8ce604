stdbuf -oL env X=1 sh -c 'echo $X'
