x='a b'
[[ $x == 'a b' ]] && echo eq
e=
[[ -z $e ]] && echo empty
[[ $x == a* ]] && echo glob-var
