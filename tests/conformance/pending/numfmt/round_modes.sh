numfmt --to=si --round=down 1999; numfmt --to=si --round=up 1001; numfmt --to=si --round=nearest 1450
