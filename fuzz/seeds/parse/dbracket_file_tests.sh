mkdir d
touch f
[[ -d d && -f f && ! -e g ]] && echo ok
