"""Configuration from the environment: the webhook and metrics settings, and the clear
message a setting that cannot work gets."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bot.config import Config

TOKEN = {"TELEGRAM_BOT_TOKEN": "123:abc"}


def test_webhook_and_metrics_settings_are_read():
    config = Config.from_env({**TOKEN, "PUZZLEBOT_WEBHOOK_URL": "https://bot.example.org/tg",
                              "PUZZLEBOT_WEBHOOK_PORT": "8088",
                              "PUZZLEBOT_WEBHOOK_LISTEN": "0.0.0.0",
                              "PUZZLEBOT_WEBHOOK_SECRET": "s3cret_-X",
                              "PUZZLEBOT_METRICS_PORT": "9100"})
    assert (config.webhook_url, config.webhook_listen, config.webhook_port) == (
        "https://bot.example.org/tg", "0.0.0.0", 8088)
    assert (config.webhook_secret, config.metrics_host, config.metrics_port) == (
        "s3cret_-X", "127.0.0.1", 9100)
    assert "s3cret" not in repr(config)


def test_a_database_url_replaces_the_sqlite_file_and_is_never_printed():
    url = "postgresql://bot:pa55word@db.example.org:5432/puzzlebot"
    config = Config.from_env({"PUZZLEBOT_DATABASE_URL": url, "PUZZLEBOT_DB": "x.sqlite3"})
    assert config.store_location == url
    assert "pa55word" not in repr(config) and "database_url=set" in repr(config)
    assert Config.from_env({"PUZZLEBOT_DB": "x.sqlite3"}).store_location == "x.sqlite3"


def test_unset_means_polling_and_no_metrics_server():
    config = Config.from_env({})
    assert (config.webhook_url, config.webhook_secret, config.metrics_port) == (None, None, None)
    assert config.broker_url is None  # the local pool


def test_the_broker_url_is_read_and_its_password_never_shown():
    url = "redis://:pa55word@10.0.0.5:6379/0"
    config = Config.from_env({**TOKEN, "PUZZLEBOT_BROKER_URL": url})
    assert config.broker_url == url
    assert "pa55word" not in repr(config) and "broker=True" in repr(config)


@pytest.mark.parametrize("env, message", [
    ({**TOKEN, "PUZZLEBOT_WEBHOOK_URL": "http://bot.example.org/tg"}, "public https://"),
    ({**TOKEN, "PUZZLEBOT_WEBHOOK_URL": "http://127.0.0.1:8443/tg"}, "public https://"),
    ({"PUZZLEBOT_WEBHOOK_URL": "http://example.org/tg"}, "public https://"),
    ({"PUZZLEBOT_WEBHOOK_SECRET": "with spaces"}, "PUZZLEBOT_WEBHOOK_SECRET"),
    ({"PUZZLEBOT_METRICS_PORT": "ninety"}, "PUZZLEBOT_METRICS_PORT must be a port number"),
    ({"PUZZLEBOT_WEBHOOK_PORT": "70000"}, "PUZZLEBOT_WEBHOOK_PORT must be a port number"),
    ({"PUZZLEBOT_DATABASE_URL": "mysql://db/bot"}, "PUZZLEBOT_DATABASE_URL must be a "
                                                   "postgresql:// URL"),
    ({"PUZZLEBOT_BROKER_URL": "amqp://10.0.0.5//"}, "PUZZLEBOT_BROKER_URL must be a Redis URL"),
])
def test_settings_that_cannot_work_are_refused(env, message):
    with pytest.raises(ValueError, match=message):
        Config.from_env(env)


def test_the_sandbox_takes_an_http_webhook_on_loopback():
    config = Config.from_env({"PUZZLEBOT_WEBHOOK_URL": "http://127.0.0.1:8443/telegram"})
    assert config.sandbox and config.webhook_url == "http://127.0.0.1:8443/telegram"


def test_python_m_bot_names_the_bad_setting_without_a_traceback():
    env = {"PUZZLEBOT_WEBHOOK_URL": "ftp://nowhere", "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-m", "bot"], env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2
    assert "PuzzleBot: PUZZLEBOT_WEBHOOK_URL must be" in done.stderr
    assert "Traceback" not in done.stderr
