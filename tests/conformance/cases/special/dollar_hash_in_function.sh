f() { echo "$#"; }
set -- a b c
f x
echo "$#"
