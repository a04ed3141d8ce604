# check-stderr
case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) echo ); esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac
echo after
