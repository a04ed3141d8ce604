# check-stderr
f1() { :; }; f2() { :; }; v1=1; v2=2; alias al=x
compgen -A function f
compgen -v v | head -3
compgen -a
compgen -W 'apple banana avocado' -- a
compgen -W 'apple banana' -P '<' -S '>' a
compgen -X 'a*' -W 'apple banana avocado'
compgen -k -- whi
compgen -b -- ec
compgen -A builtin -A keyword -- ec
compgen -o default; echo "st=$?"
compgen -A nosuch x; echo "st=$?"
compgen -W; echo "st=$?"
compgen -G 'nomatch*'; echo "st=$?"
compgen -e HOME
compgen -A export -- HOM
compgen -X '!a*' -W 'apple banana avocado'
compgen -X '' -W 'a b'
compgen -W 'ab ac' -X '*c' a
