which nosuch_cmd_xyz; echo "status $?"
