v=aXbXc
echo ${v/X} ${v//X}
