export LC_ALL=C
mkdir .h; touch .dot .h/x v; tree; tree -a
