trap 'echo bye' EXIT
trap -p EXIT
trap - EXIT
trap -p EXIT
echo end
