p=$(which sort) && echo "found ${p##*/}"
