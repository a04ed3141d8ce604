trap 'echo parent' EXIT
bash -c 'echo child'
echo end
