which cat nosuch_cmd_xyz; echo "status $?"
