# check-stderr
mkdir -p a/b; rmdir a a/b; echo "status $?"; ls; echo end
