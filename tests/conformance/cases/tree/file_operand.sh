export LC_ALL=C
touch f; tree f; echo "status $?"
