export LC_ALL=C
mkdir d; touch f x; chmod +x x; ln -s f lf; ln -s d ld; ln -s nowhere dang; tree -F
