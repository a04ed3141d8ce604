touch .dot plain
GLOBIGNORE='x'
unset GLOBIGNORE
echo *
