touch .hid vis
echo *
echo .h*
