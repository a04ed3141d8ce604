touch .dot plain
GLOBIGNORE='plain'
echo *
