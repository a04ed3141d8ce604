echo {a,b}{1,2}
