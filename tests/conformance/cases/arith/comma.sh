echo $((x=1, y=2, x+y))
