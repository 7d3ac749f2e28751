# ruff: noqa: RUF001  (names in other scripts are the point of this file)
"""Issue 30, every name draws: the bundled font has a glyph for names in every script
people at a table type (Latin with accents, Greek, Cyrillic, Chinese, Japanese, Korean,
emoji), in its regular and bold faces, as the window draws them; a name it cannot draw is
refused at entry with a message."""

import pygame
import pygame.freetype
import pytest

from client import assets
from tests.client.test_window import name_yourself

NAMES = {
    "latin": "Ana", "accented": "Zoë Ñúñez-Łukasz Żółć Nguyễn Thị Hương",
    "greek": "Ελένη Παπαδοπούλου", "cyrillic": "Дмитрий Ёлкин", "chinese": "王小明 孫悟空",
    "traditional": "陳美麗 鄭", "japanese": "さくら サクラ 山田太郎", "korean": "김민준 이서연",
    "emoji": "🐉 Drake 😀🎲♠♥", "full-width": "ＡＢＣ！",
}


@pytest.mark.parametrize("path", [assets.FONT_PATH, assets.BOLD_FONT_PATH],
                         ids=["regular", "bold"])
@pytest.mark.parametrize("script", NAMES)
def test_every_script_draws_without_a_missing_glyph(script, path):
    pygame.freetype.init()
    font = pygame.freetype.Font(str(path), 18)
    name = NAMES[script]
    missing = [c for c, m in zip(name, font.get_metrics(name), strict=True)
               if m is None and c != " "]
    assert missing == [], f"{script}: no glyph for {missing}"
    pygame.font.init()
    image = pygame.font.Font(str(path), 18).render(name, True, (255, 255, 255))
    assert image.get_width() > 8 * len(name.replace(" ", "")) // 2  # drawn, not empty


def test_a_glyph_the_font_lacks_is_found():
    assert assets.undrawable("Ana 王 🐉") == ""
    assert assets.undrawable("नमस्ते Ana") == "नमस्ते"  # Devanagari is not in the font


def test_a_name_in_any_of_these_scripts_is_drawn_in_the_window(window):
    name_yourself(window, "王小明🐉")
    assert window.app.settings.name == "王小明🐉"
    window.click("settings")
    assert window.app.scene.name == "settings"


def test_a_name_the_font_cannot_draw_is_refused_with_a_message(window):
    name_yourself(window)
    window.click("settings")
    scene = window.app.scene
    scene.entry.set_text("नमस्ते")
    window.click("back")
    assert window.app.scene is scene and window.app.settings.name == "Ana"
    assert scene.problem.text.startswith("These letters cannot be drawn here:")


def test_the_first_run_refuses_a_name_the_font_cannot_draw(window):
    window.clear_text()
    window.type("नमस्ते")
    window.click("continue")
    scene = window.app.scene
    assert scene.name == "first-run" and not window.app.settings.name
    assert scene.problem.text.startswith("These letters cannot be drawn here:")
    name_yourself(window, "Zoë 王")
    assert window.app.settings.name == "Zoë 王"
