[ -n ] && echo one-arg-true
[ = ] && echo eq-sign
[ ! ] && echo bang
