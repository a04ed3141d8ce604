env -i A=1 B=2 env
env -i env | wc -l
env - C=3 env
