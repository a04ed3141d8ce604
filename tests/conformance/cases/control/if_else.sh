if true; then echo yes; else echo no; fi
if false; then echo yes; else echo no; fi
