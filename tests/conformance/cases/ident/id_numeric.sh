id -u | grep -c "^[0-9][0-9]*$"; id -g | grep -c "^[0-9][0-9]*$"; id -G | grep -c "^[0-9]"
