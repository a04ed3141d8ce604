numfmt --padding=8 12 3456 | sed -n l; numfmt --padding=-8 12 | sed -n l
