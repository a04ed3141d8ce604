f=var
f() { :; }
unset f
echo "f=[${f-unset}] $(type -t f)"
