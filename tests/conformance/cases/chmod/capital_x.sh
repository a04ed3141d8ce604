mkdir d; touch d/f; chmod 600 d/f; chmod 700 d; chmod -Rv a+X d
